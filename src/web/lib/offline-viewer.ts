import { ROLES, type Role } from "../../shared/constants.ts";
import { CACHES } from "./offline-policy.ts";

/**
 * Who was last signed in on this device, for reading offline (decision 045): only the role, no
 * name, email or id. With no network the session cannot be checked; the role lets the app open
 * a student's saved notes (the server still checks every request once the network is back).
 * Forgotten, together with the saved notes, when the server says nobody is signed in and at
 * sign-out.
 */

const ROLE_KEY = "offline-viewer-role";

function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Notes the student opened: access-controlled, so they go with the session. */
function clearSavedNotes() {
  if (typeof caches === "undefined") return;
  caches.delete(CACHES.privateReading).catch(() => {
    // Storage refused: there is nothing saved either.
  });
}

/** After the server answered who is signed in: their role, or null for nobody. */
export function rememberViewer(role: Role | null) {
  const storage = storageOrNull();
  if (role) {
    storage?.setItem(ROLE_KEY, role);
    return;
  }
  storage?.removeItem(ROLE_KEY);
  clearSavedNotes();
}

/** The role of the last viewer on this device, or null. */
export function offlineViewerRole(): Role | null {
  const role = storageOrNull()?.getItem(ROLE_KEY);
  return ROLES.find((known) => known === role) ?? null;
}
