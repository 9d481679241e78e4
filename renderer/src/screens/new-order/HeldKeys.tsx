/**
 * Alt+1…9 from any screen (#30.1), in a module of its own: the frame mounts it on the first screen, which loads it
 * with the frame's script (the strip, the hold dialog and their Mantine parts come with the wizard's chunk).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { heldBySlot } from '../../../../shared/holds';
import { useStore } from '../../store';

/** Alt+1…9 (by the key's place, so a Mac's Option+digit works too): the order on hold with that key. */
function slotOf(event: KeyboardEvent): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  return match ? Number(match[1]) : null;
}

/** Mounted once in the frame: the drafts read at start, and Alt+1…9 bringing an order on hold back from any screen. */
export function HeldKeys() {
  const navigate = useNavigate();
  const loadDrafts = useStore((s) => s.loadDrafts);
  useEffect(() => {
    void loadDrafts().catch(() => undefined); // the count in the frame; the wizard says when they cannot be read
  }, [loadDrafts]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const slot = slotOf(event);
      if (slot === null || event.defaultPrevented) return;
      const held = heldBySlot(useStore.getState().drafts, slot);
      if (!held) return;
      event.preventDefault();
      void navigate(`/new-order/${held.id}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
  return null;
}
