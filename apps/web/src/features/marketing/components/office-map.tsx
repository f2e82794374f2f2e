import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { company } from '../content/company';
import { officeRouteUrl } from '../content/office';

// Loaded on demand by OfficeMapSection only: Leaflet never weighs on the first page load.

/**
 * Map tiles come from a tile server the operator chooses at build time (VITE_MAP_TILE_URL, e.g.
 * https://tiles.example.org/{z}/{x}/{y}.png, plus VITE_MAP_TILE_ATTRIBUTION); its host must then be added to
 * the CSP's img-src. Without it the map shows a calm background under the marker and asks no third party.
 */
const tileUrl = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
const tileAttribution = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '';

const pin = `<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 42 16 42s16-14.5 16-26.3C32 7 24.8 0 16 0z" fill="#0f5f66"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>`;

function popupContent(): HTMLElement {
  const box = document.createElement('div');
  box.className = 'office-popup';
  const name = document.createElement('strong');
  name.textContent = company.name;
  const address = document.createElement('p');
  address.textContent = `${company.street}, ${company.postalCode} ${company.city}`;
  const link = document.createElement('a');
  link.href = officeRouteUrl;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = 'Route planen';
  box.append(name, address, link);
  return box;
}

export default function OfficeMap() {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const { lat, lng, zoom } = company.office;
    let map: L.Map | undefined;
    try {
      // spec 000 §2: centred on the office, zoom 13, scroll-zoom and dragging off.
      map = L.map(container.current, {
        center: [lat, lng],
        zoom,
        scrollWheelZoom: false,
        dragging: false,
        keyboard: false,
        zoomControl: Boolean(tileUrl),
        attributionControl: Boolean(tileUrl),
      });
      if (tileUrl) {
        L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 })
          .on('tileerror', (event) => console.warn('Kartenkachel nicht geladen', event.coords))
          .addTo(map);
      }
      const marker = L.marker([lat, lng], {
        title: `${company.name} in ${company.city}`,
        alt: `${company.name} in ${company.city}`,
        keyboard: false,
        icon: L.divIcon({
          className: 'office-pin',
          html: pin,
          iconSize: [32, 42],
          iconAnchor: [16, 42],
          popupAnchor: [0, -38],
        }),
      }).addTo(map);
      marker.bindPopup(popupContent(), { closeButton: false, autoPan: false }).openPopup();
    } catch (error) {
      // spec 000 §8: map failures are only logged.
      console.warn('Karte konnte nicht angezeigt werden', error);
    }
    return () => {
      map?.remove();
    };
  }, []);

  return <div ref={container} className="office-map h-full w-full" />;
}
