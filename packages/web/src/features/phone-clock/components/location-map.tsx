import 'leaflet/dist/leaflet.css';
import { latLng } from 'leaflet';
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

/** Keeps the point and its whole circle in view when either is set from the fields, a click or the phone's position. */
function FollowPoint({ point, radius }: { point: LatLng | null; radius: number }) {
  const map = useMap();
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    map.fitBounds(latLng(lat, lng).toBounds(radius * 3), { maxZoom: 18, animate: false });
  }, [map, lat, lng, radius]);
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
        <FollowPoint point={point} radius={radius} />
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
