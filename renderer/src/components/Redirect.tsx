import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A redirect that never undoes a move made after it was drawn. react-router's `<Navigate>` redirects in an effect, after
 * the paint; a click on the navigation in that moment changes the address at once (the history is outside React), and
 * the redirect then replaced it: the person clicked Settings and was put back on Welcome (seen in e2e under load, and
 * a till's first click after start-up is exactly that fast). This one redirects only while the address is still the
 * one it was drawn for.
 */
export function Redirect({ to }: { to: string }): null {
  const navigate = useNavigate();
  // the address when it was first drawn, not at each drawing: drawn again after a move (a navigation still loading its
  // screen keeps the old one drawn, and the router's navigate changes with the address), it took the new address for
  // its own and sent the person back — Ctrl+5 pressed as Orders loaded went to Today and straight back to Orders
  // (2 of 16 e2e opens beside a CPU hog: pushState #/today, then replaceState #/orders from here)
  const [drawnAt] = useState(() => window.location.href);
  useEffect(() => {
    if (window.location.href !== drawnAt) return; // moved on since: the router follows that move
    void navigate(to, { replace: true });
  }, [navigate, to, drawnAt]);
  return null;
}
