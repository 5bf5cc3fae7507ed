import type { ReactNode } from 'react';
import { Alert, type AlertProps } from '../../components/ui/Alert.tsx';

export interface FormAlertProps {
  /** The form's error; while there is one, the notice is not shown. */
  error?: ReactNode;
  notice?: ReactNode;
  noticeTone?: Exclude<AlertProps['tone'], 'error'>;
  className?: string;
  /** More content after the error, e.g. a link that helps with it. */
  children?: ReactNode;
}

/** The message region above an auth form: its error (role alert), else its notice (role status). */
export function FormAlert({ error, notice, noticeTone = 'info', className, children }: FormAlertProps) {
  if (error) {
    return (
      <Alert key="error" className={className}>
        {error}
        {children}
      </Alert>
    );
  }
  if (!notice) return null;
  return (
    <Alert key="notice" tone={noticeTone} className={className}>
      {notice}
    </Alert>
  );
}
