/*
 * Whether a form with unsaved changes is open now: signing out (in the admin's frame, outside the
 * form) asks first, and once it was agreed to the form's own "Leave without saving?" is not asked again.
 */
export const unsaved = { open: false, agreed: false };

export const unsavedChanges = () => unsaved.open;

export const leaveAgreed = () => {
  unsaved.agreed = true;
};
