/*
 * Everything the resource form needs from Headless UI, behind one dynamic import: the dropdowns and
 * the dialogs (a conflict, leaving unsaved changes). One entry keeps Headless UI's shared internals in
 * the chunk the other pages' dialogs already use, instead of splitting them apart. The form shows
 * without it; it loads right after.
 */
export { Modal } from '../../../ui/Modal.tsx'
export { Select } from '../../../ui/Select.tsx'
export { ConflictPanel } from '../ConflictPanel.tsx'
export { default as MultiListbox } from './MultiListbox.tsx'
