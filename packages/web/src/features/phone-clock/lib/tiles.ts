/**
 * Where the workplaces map takes its tiles from (docs/operations.md#map-tiles): `VITE_MAP_TILE_URL`
 * at build time, a Leaflet URL template such as `/tiles/{z}/{x}/{y}.png`. Unset (the default, and in
 * tests) the map draws no tiles and fetches nothing: the point, its circle and the coordinates
 * still work. The server's content security policy allows images from this origin only, so tiles
 * come through this origin (a reverse proxy's path) unless the policy is widened.
 */
export const tileUrl: string = (import.meta.env.VITE_MAP_TILE_URL ?? '').trim();
export const tileAttribution: string = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '').trim();
