import { agentsRoutes } from '#contracts/routes/agents';
import { Agent } from '#platform/accounts/entities';
import { forbidden } from '#platform/errors';
import { deleteMedia, mediaKeyOf, putMedia, requireSquareJpeg } from '#platform/media';
import { withMultipartHttp } from '#platform/multipart';

/**
 * Sets the caller's profile picture from the inline image in `files` (a square JPEG, as the app's cropper
 * makes it): stores it under the agent's media folder, points the record at it, then deletes the picture
 * it replaced.
 */
export const handler = withMultipartHttp(
  agentsRoutes.uploadProfilePicture,
  async ({ body, files, identity }) => {
    if (body.agentId !== identity.agentId) throw forbidden('You can only change your own profile picture');
    const image = requireSquareJpeg(files);
    const folder = `agents/${identity.agentId}`;
    const stored = await putMedia(folder, 'profile', image);
    let replaced: string | undefined;
    try {
      // ALL_OLD makes "which picture did this upload replace" atomic, even for concurrent uploads.
      const before = await Agent.update(
        { agent_id: identity.agentId },
        { set: { profile_picture: stored.url } },
        { returnValues: 'old' },
      );
      replaced = before?.profile_picture;
    } catch (error) {
      await deleteMedia(stored.key);
      throw error;
    }
    await deleteMedia(mediaKeyOf(replaced, folder));
    return { profile_picture: stored.url };
  },
);
