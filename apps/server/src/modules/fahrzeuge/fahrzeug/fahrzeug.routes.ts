import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZFahrzeugAdmin,
  ZFahrzeugAdminAenderung,
  ZFahrzeugAdminEingabe,
  ZFahrzeugAdminGespeichert,
  ZFahrzeugAdminListe,
  ZFahrzeugFavoritEingabe,
  ZFahrzeugStandortListe,
  ZFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { readUploadedFile } from '../../../http/multipart-upload.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { updateFahrzeugAdmin, vorschauFahrzeugAdmin } from './fahrzeug.aendern.ts';
import { createFahrzeugAdmin } from './fahrzeug.anlegen.ts';
import { deleteFahrzeugAdmin } from './fahrzeug.loeschen.ts';
import {
  type FahrzeugDeps,
  listFahrzeugeAdmin,
  listFahrzeugStandorte,
  removeFahrzeugBild,
  setFahrzeugFavorit,
  uploadFahrzeugBild,
} from './fahrzeug.service.ts';

/** The screen whose guard every route here applies: right fahrzeug_pflege (decision 048). */
const TAGS = ['admin-fahrzeuge'];
const config = { guard: routeGuard.darf('fahrzeuge.pflegen') };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** /admin/fahrzeuge: the fleet administration (spec §3, §4). */
export const fahrzeugRoutes: FastifyPluginAsyncZod<{
  database: Database;
  dataDir: string;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, dataDir, now, publicUrl }) => {
  const deps: FahrzeugDeps = { database, dataDir, now, publicUrl };

  app.get(
    '/api/admin/fahrzeuge',
    {
      config,
      schema: {
        operationId: 'listFahrzeugeAdmin',
        tags: TAGS,
        summary: 'Every vehicle of the tenant with all fields and opening times, deactivated ones included',
        response: { 200: ZFahrzeugAdminListe, ...errors },
      },
    },
    async (request) => listFahrzeugeAdmin(deps, requireDarf(request, 'fahrzeuge.pflegen')),
  );

  app.get(
    '/api/admin/fahrzeuge/standorte',
    {
      config,
      schema: {
        operationId: 'listFahrzeugStandorte',
        tags: TAGS,
        summary: 'The locations a vehicle can be assigned to',
        response: { 200: ZFahrzeugStandortListe, ...errors },
      },
    },
    async (request) => listFahrzeugStandorte(deps, requireDarf(request, 'fahrzeuge.pflegen')),
  );

  app.post(
    '/api/admin/fahrzeuge',
    {
      config,
      schema: {
        operationId: 'createFahrzeugAdmin',
        tags: TAGS,
        summary: 'Add a vehicle (every field of spec §3 and the per-weekday opening times)',
        body: ZFahrzeugAdminEingabe,
        response: { 201: ZFahrzeugAdmin, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createFahrzeugAdmin(deps, requireDarf(request, 'fahrzeuge.pflegen'), request.body)),
  );

  app.post(
    '/api/admin/fahrzeuge/:id/vorschau',
    {
      config,
      schema: {
        operationId: 'vorschauFahrzeugAdmin',
        tags: TAGS,
        summary: 'The bookings saving this vehicle would cancel, with the reason (spec §4); nothing is saved',
        params: ZIdParams,
        body: ZFahrzeugAdminEingabe,
        response: { 200: ZFahrzeugStornoVorschau, ...errors },
      },
    },
    async (request) =>
      vorschauFahrzeugAdmin(deps, requireDarf(request, 'fahrzeuge.pflegen'), request.params.id, request.body),
  );

  app.put(
    '/api/admin/fahrzeuge/:id',
    {
      config,
      schema: {
        operationId: 'updateFahrzeugAdmin',
        tags: TAGS,
        summary: 'Change or deactivate a vehicle; cancels the confirmed bookings with the reason of spec §4',
        description:
          'Body: `fahrzeug` (the new data), `alt.updatedAt` (the version the change is based on; without it the update is refused, 400 `fahrzeug.update_ohne_altdaten`; a newer version answers 409 `fahrzeug.veraltet`) and `bestaetigteStornos` (the ids of the preview; when the change cancels any other booking, 409 `fahrzeug.stornierung_bestaetigen` and nothing is saved).',
        params: ZIdParams,
        body: ZFahrzeugAdminAenderung,
        ...weglassbar({ alt: 'bestaetigung', bestaetigteStornos: 'bestaetigung' }),
        response: { 200: ZFahrzeugAdminGespeichert, ...errors },
      },
    },
    async (request) =>
      updateFahrzeugAdmin(deps, requireDarf(request, 'fahrzeuge.pflegen'), request.params.id, request.body),
  );

  app.put(
    '/api/admin/fahrzeuge/:id/favorit',
    {
      config,
      schema: {
        operationId: 'setFahrzeugFavorit',
        tags: TAGS,
        summary: "Mark or unmark a favourite of the tenant: first in every user's vehicle list",
        description:
          "Body `favorit`. Stored in the customizing option FahrzeugLieblingsFahrzeuge at tenant level (the users' own favourites stay theirs); audited. Answers the vehicle with `favorit`.",
        params: ZIdParams,
        body: ZFahrzeugFavoritEingabe,
        response: { 200: ZFahrzeugAdmin, ...errors },
      },
    },
    async (request) =>
      setFahrzeugFavorit(
        deps,
        requireDarf(request, 'fahrzeuge.pflegen'),
        request.params.id,
        request.body.favorit,
      ),
  );

  app.delete(
    '/api/admin/fahrzeuge/:id',
    {
      config,
      schema: {
        operationId: 'deleteFahrzeugAdmin',
        tags: TAGS,
        summary: 'Delete a vehicle that never had a booking or history entry (409 otherwise: deactivate it)',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFahrzeugAdmin(deps, requireDarf(request, 'fahrzeuge.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/fahrzeuge/:id/bild',
    {
      config,
      schema: {
        operationId: 'uploadFahrzeugBild',
        tags: TAGS,
        summary: "Replace the vehicle's photo (bucket fahrzeuge)",
        description:
          'multipart/form-data with one field `file`; PNG or JPG, checked by content, at most 5 MB.',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 201: ZFahrzeugAdmin, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'fahrzeuge.pflegen');
      const stored = await uploadFahrzeugBild(deps, user, request.params.id, await readUploadedFile(request));
      return reply.code(201).send(stored);
    },
  );

  app.delete(
    '/api/admin/fahrzeuge/:id/bild',
    {
      config,
      schema: {
        operationId: 'removeFahrzeugBild',
        tags: TAGS,
        summary: "Remove the vehicle's photo",
        params: ZIdParams,
        response: { 200: ZFahrzeugAdmin, ...errors },
      },
    },
    async (request) => removeFahrzeugBild(deps, requireDarf(request, 'fahrzeuge.pflegen'), request.params.id),
  );
};
