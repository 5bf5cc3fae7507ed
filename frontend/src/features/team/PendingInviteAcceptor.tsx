import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useAcceptInviteMutation } from './api.ts';
import { forgetPendingInvite, pendingInviteToken } from './pendingInvite.ts';

/**
 * Accepts the invite link an agent came through, once a session exists (after sign-up, confirmation and
 * sign-in, or at once for an agent already signed in). The token is used once, whatever the answer: the
 * agent lands on its new team, or sees why the invitation could not be accepted.
 */
export function PendingInviteAcceptor() {
  const [acceptInvite] = useAcceptInviteMutation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    const token = pendingInviteToken();
    if (started.current || !token) return;
    started.current = true;
    forgetPendingInvite();
    void acceptInvite(token).then((result) => {
      if ('error' in result) {
        showToast(
          'error',
          apiErrorMessage(
            result.error,
            'The invitation could not be accepted. Ask the agency for a new one.',
          ),
        );
        return;
      }
      showToast('success', `Welcome to ${result.data.agency_name}! You're now a member of its team.`);
      navigate(paths.team, { replace: true });
    });
  }, [acceptInvite, navigate]);

  return null;
}
