/** The kiosk chunk: a device screen outside every shell, loaded only on `/kiosk`. */
export { KioskPage } from '../../features/kiosk/pages/kiosk-page';
