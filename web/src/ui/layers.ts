// The app's own stacking levels, above Mantine's (its toasts are at "overlay", 400). A call's
// notice floats over the page, its dialogs and toasts: it has 20 s to be seen. A menu the user
// opens floats over the notice, or the notice, which spans a phone's screen under the topbar,
// takes the clicks meant for the avatar menu's items.
export const CALL_NOTICE_Z = 1000;
export const MENU_Z = CALL_NOTICE_Z + 1;
