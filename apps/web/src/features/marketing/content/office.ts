import { company } from './company';

/** Route planning to the office (a link only: nothing is requested from the map service). */
export const officeRouteUrl = `https://www.openstreetmap.org/directions?route=%3B${company.office.lat}%2C${company.office.lng}#map=15/${company.office.lat}/${company.office.lng}`;
