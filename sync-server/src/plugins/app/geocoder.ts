import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Geocoder, sharedGeocoder } from '../../services/geocoder';

declare module 'fastify' {
  interface FastifyInstance {
    geocoder: Geocoder;
  }
}

/**
 * The offline reverse geocoder (country, state, city of a result's position), loaded at start so
 * the first located result is not the one that waits for it, and so missing data stops the start.
 */
export default fp(async (app: FastifyInstance) => {
  const geocoder = sharedGeocoder();
  app.log.info(geocoder.stats, 'geocoder loaded');
  app.decorate('geocoder', geocoder);
});
