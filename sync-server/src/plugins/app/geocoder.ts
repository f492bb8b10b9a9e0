import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Geocoder, geocoderDataFiles, sharedGeocoder } from '../../services/geocoder';

declare module 'fastify' {
  interface FastifyInstance {
    geocoder: Geocoder;
  }
}

/**
 * The offline reverse geocoder (country, state, city of a result's position). Its data (tens of MB
 * once indexed) is loaded when the first result with a position is stored, not at start: a server
 * at rest does not hold it. Missing data packages still stop the start: their files are looked up
 * here.
 */
export default fp(async (app: FastifyInstance) => {
  geocoderDataFiles();
  app.log.debug('geocoder data found (loaded on first use)');
  app.decorate('geocoder', { getter: () => sharedGeocoder() });
});
