/** The employer's requests inbox (wired in app/router.tsx; the employer's menus and the new-request pushes open it). */
export const REQUESTS_PATH = '/kryepuntor/kerkesat';
