import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components';
import './modal.css';

export interface ModalProps extends Omit<ModalOverlayProps, 'className' | 'children'> {
  children: ReactNode;
}

/** The overlay and frame of a dialog; put a `<Dialog>` inside. Escape and outside press close it. */
export function Modal({ children, isDismissable = true, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} isDismissable={isDismissable} className="modal-overlay">
      <AriaModal className="modal">{children}</AriaModal>
    </ModalOverlay>
  );
}

export interface DialogProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** Content; a function receives `close`. */
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({ title, children, role = 'dialog' }: DialogProps) {
  return (
    <AriaDialog role={role} className="dialog">
      {({ close }) => (
        <>
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {typeof children === 'function' ? children({ close }) : children}
        </>
      )}
    </AriaDialog>
  );
}
