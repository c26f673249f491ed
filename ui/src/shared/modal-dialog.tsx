/**
 * A modal `<dialog>` (`use-modal-dialog.ts`) whose keys are its own: what is typed in it —
 * j, k, digits, Esc — never reaches the page behind it.
 */
import type { ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export function ModalDialog({
  className,
  labelledBy,
  describedBy,
  testId,
  returnFocus = true,
  onClose,
  children,
}: {
  className: string;
  /** The id of its heading. */
  labelledBy: string;
  describedBy?: string;
  testId: string;
  /** False where the page moves focus itself once the dialog has closed. */
  returnFocus?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useModalDialog(true, { returnFocus });
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={className}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}
