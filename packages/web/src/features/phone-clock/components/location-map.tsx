import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import type { LatLng } from '../lib/geo';
import { tileAttribution, tileUrl } from '../lib/tiles';

/** Where the map opens when no point is set yet: Tirana. */
const DEFAULT_CENTER: LatLng = { lat: 41.3275, lng: 19.8187 };

type LocationMapProps = {
  point: LatLng | null;
  radius: number;
  onPick: (point: LatLng) => void;
  /** The map's accessible name. */
  label: string;
  /** The zoom buttons' names, in the screen's language. */
  zoomInLabel: string;
  zoomOutLabel: string;
};

/** Follows the point when it is set from the fields or the phone's position. */
function FollowPoint({ point }: { point: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.lat, point.lng], Math.max(map.getZoom(), 15));
  }, [map, point]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/**
 * The workplace on a Leaflet map: a click sets its point, the circle shows its radius. Tiles only
 * when configured (`lib/tiles.ts`); without them the map is a plain grey field that still places the point.
 */
export default function LocationMap({ point, radius, onPick, label, zoomInLabel, zoomOutLabel }: LocationMapProps) {
  const center = point ?? DEFAULT_CENTER;
  return (
    <figure aria-label={label} className="m-0 h-64 overflow-hidden rounded-xl border border-slate-200 sm:h-72">
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={point ? 16 : 13}
        className="size-full"
        zoomControl={false}
        attributionControl={Boolean(tileUrl && tileAttribution)}
        data-testid="location-map"
      >
        {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} /> : null}
        <ZoomControl position="topright" zoomInTitle={zoomInLabel} zoomOutTitle={zoomOutLabel} />
        <FollowPoint point={point} />
        <PickOnClick onPick={onPick} />
        {point ? (
          <>
            <Circle center={[point.lat, point.lng]} radius={radius} pathOptions={{ color: '#0f766e', weight: 2 }} />
            <CircleMarker
              center={[point.lat, point.lng]}
              radius={7}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#0f766e', fillOpacity: 1 }}
            />
          </>
        ) : null}
      </MapContainer>
    </figure>
  );
}
