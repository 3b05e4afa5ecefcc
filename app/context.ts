import { createContext } from 'react-router';
import type { DomainServices } from '../domain/app-services.ts';

/** The domain services, set by the Fastify host for every page request (server only). */
export const servicesContext = createContext<DomainServices>();

/** The visitor's address, seen by the host (behind TRUST_PROXY, from X-Forwarded-For). */
export const clientAddressContext = createContext<string>('unknown');

/** A fresh nonce per page response: React Router's inline scripts carry it (see server/ssr.ts). */
export const nonceContext = createContext<string>('');
