import { EmployerFrame } from './employer-frame';
import { useEmployerRealtime } from './use-employer-realtime';

/**
 * The layout route of every employer page (and PayPal's return pages): the employer-data socket
 * connected while the area is open, around the visible frame.
 */
export function EmployerAreaLayout() {
  useEmployerRealtime();
  return <EmployerFrame />;
}
