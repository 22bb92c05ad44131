/** The feature's two screens (wired in app/router.tsx; the employer's menus link them too). */
export const MONTH_CLOSE_PATH = '/kryepuntor/mbyll-muajin';
export const LABOUR_SETTINGS_PATH = '/kryepuntor/ligji-i-punes';
