/** What a modal opened from a menu entry or a table row is given. */
export interface ModalProps {
  opened: boolean;
  onClose: () => void;
}
