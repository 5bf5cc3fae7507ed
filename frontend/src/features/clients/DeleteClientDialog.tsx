import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { type Client, useDeleteClientMutation } from './api.ts';

/** Deleting a client asks first: it removes the client and its whole activity trail. */
export function DeleteClientDialog({
  client,
  onClose,
  onDeleted,
}: {
  client: Client;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleteClient, { isLoading }] = useDeleteClientMutation();
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    setError(null);
    const result = await deleteClient(client.client_id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The client could not be deleted. Please try again.'));
      return;
    }
    showToast('success', `${client.full_name} deleted`);
    onDeleted();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={`Delete ${client.full_name}?`}
      description="This removes the client and their activity history. It can't be undone."
      icon={
        <span className="ml-1.5 mt-1.5 flex size-11 items-center justify-center rounded-full bg-red-100 text-red-600 ring-6 ring-red-50">
          <Trash2 className="size-5" aria-hidden="true" />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={isLoading}>
            Delete client
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
    </Modal>
  );
}
