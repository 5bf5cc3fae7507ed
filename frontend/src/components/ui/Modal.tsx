import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Decorative badge shown above the title (an icon in a tinted circle). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; stacked on small screens, right-aligned on wide ones. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (Escape and clicking outside still close). */
  hideCloseButton?: boolean;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-xl' } as const;

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
  className,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-950/50 p-4 backdrop-blur-[2px] motion-safe:animate-overlay-in">
          <Dialog.Content
            className={clsx(
              'relative w-full rounded-2xl bg-white p-6 shadow-2xl shadow-slate-950/20 ring-1 ring-slate-900/5 focus:outline-none motion-safe:animate-dialog-in sm:p-7',
              widths[size],
              className,
            )}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            {icon && <div className="mb-4">{icon}</div>}
            <Dialog.Title className="pr-8 text-lg font-semibold tracking-tight text-slate-900">
              {title}
            </Dialog.Title>
            {description && (
              <Dialog.Description className="mt-2 text-[0.9375rem] leading-relaxed text-slate-600">
                {description}
              </Dialog.Description>
            )}
            {children && <div className="mt-5">{children}</div>}
            {footer && (
              <div className="mt-6 flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">{footer}</div>
            )}
            {!hideCloseButton && (
              <Dialog.Close
                className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
                aria-label="Close"
              >
                <X className="size-4.5" aria-hidden="true" />
              </Dialog.Close>
            )}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
