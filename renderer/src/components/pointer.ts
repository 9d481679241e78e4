/**
 * Whether a mouse event over a list of options is the pointer being moved. Chromium sends mouseover and mouseenter (and
 * a move without movement) when a list appears or scrolls under a pointer that stays where it was: the highlight must
 * not follow that, or an Enter typed at the keyboard takes whichever option came to lie under the resting mouse
 * instead of the first (a returning customer got the address of the next customer in the list).
 */
export const pointerMoved = (event: { movementX: number; movementY: number }): boolean =>
  event.movementX !== 0 || event.movementY !== 0;
