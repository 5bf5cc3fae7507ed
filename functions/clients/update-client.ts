import { clientsRoutes } from '#contracts/routes/clients';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { forbidden, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { announceClientChanged, changesMatching } from './client-events.ts';
import { activitiesForEdit, actorOf, assertAssignable, planUpdate } from './clients.ts';
import { Client, clientRight, getOwnedClient, recordClientActivities } from './entities.ts';

export const EDIT_REFUSED =
  "Only the client's agent, its assigned agent or the agency admin can change this client";

/**
 * Changes fields of a client the caller sees (another tenant's is a 404). Its agent, its assigned agent and
 * the agency admin may edit; other members of the agency get 403. `null` clears a field. The trail records
 * a stage change, a contact, an assignment and the other edits.
 */
export const handler = withHttp(clientsRoutes.updateClient, async ({ path, body, identity }) => {
  const before = await getOwnedClient(identity, path.id, { consistent: true });
  if (!(await clientRight(identity, before))) throw forbidden(EDIT_REFUSED);
  const { set, remove, after, changes } = planUpdate(before, body);
  const assignee =
    set.assigned_agent_id && set.assigned_agent_id !== before.assigned_agent_id
      ? await assertAssignable(identity, before.agencyId, set.assigned_agent_id)
      : undefined;
  if (changes.length === 0) return before;

  let updated: typeof after;
  try {
    updated = await Client.update(
      { client_id: before.client_id },
      { set: { ...set, updated_at: new Date().toISOString() }, remove },
      // the client is still where the caller saw it (not deleted, not moved)
      { if: eq('agentId', before.agentId) },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Client');
    throw error;
  }
  await recordClientActivities(activitiesForEdit(before.client_id, actorOf(identity), changes, assignee));
  if (changesMatching(changes)) await announceClientChanged(before);
  return updated;
});
