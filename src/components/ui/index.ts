/** The shared UI kit: react-aria-components wrappers styled with the design tokens. */
export { Alert, type AlertProps, type AlertVariant } from './alert';
export { Button, buttonClassName, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { LinkButton, type LinkButtonProps } from './link-button';
export { Form, type FormProps } from './form';
export { DateField, type DateFieldCalendar, type DateFieldProps } from './date-field';
export { Dialog, Modal, type DialogProps, type ModalProps } from './modal';
export { Page, type PageProps } from './page';
export { Select, type SelectOption, type SelectProps } from './select';
export { Spinner, type SpinnerProps } from './spinner';
export { TextField, type TextFieldProps } from './text-field';
export { TextLink, type TextLinkProps } from './text-link';
