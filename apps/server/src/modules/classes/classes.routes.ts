import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addClassTeacherRequestSchema,
  addSchoolPupilsRequestSchema,
  addStudentsRequestSchema,
  apiErrorSchema,
  classDeletionImpactSchema,
  classTeachersSchema,
  classDetailSchema,
  classListSchema,
  createClassRequestSchema,
  createSchoolRequestSchema,
  okSchema,
  rosterImportRequestSchema,
  rosterImportResultSchema,
  schoolListSchema,
  schoolPupilListSchema,
  schoolSchema,
  updateClassRequestSchema,
} from '@korrigo/domain';
import { signedInUser } from '../../platform/session';
import type { ClassesService } from './classes.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const classParams = z.object({ id: z.uuid() });

/**
 * Schools and classes (spec 001 §2 'My classes and courses', issue 15 §8), through our API instead of the
 * spec's hosted document database. The service checks the role (403) and the class's teachers (404).
 */
export const classesRoutes =
  (service: ClassesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/schools',
      {
        preValidation: app.authenticate,
        schema: { tags: ['classes'], response: { 200: schoolListSchema, ...errors } },
      },
      async (request) => service.listSchools(signedInUser(request).userId),
    );

    app.post(
      '/api/schools',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          body: createSchoolRequestSchema,
          response: { 201: schoolSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createSchool(signedInUser(request).userId, request.body)),
    );

    app.get(
      '/api/classes',
      {
        preValidation: app.authenticate,
        schema: { tags: ['classes'], response: { 200: classListSchema, ...errors } },
      },
      async (request) => service.listClasses(signedInUser(request).userId),
    );

    app.post(
      '/api/classes',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          body: createClassRequestSchema,
          response: { 201: classDetailSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createClass(signedInUser(request).userId, request.body)),
    );

    // a school's pupil list from its administration software, several classes at once (issue 35 §3)
    app.post(
      '/api/classes/import',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          body: rosterImportRequestSchema,
          response: { 200: rosterImportResultSchema, ...errors },
        },
      },
      async (request) => service.importRoster(signedInUser(request).userId, request.body),
    );

    app.get(
      '/api/classes/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['classes'], params: classParams, response: { 200: classDetailSchema, ...errors } },
      },
      async (request) => service.getClass(signedInUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/classes/:id',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          body: updateClassRequestSchema,
          response: { 200: classDetailSchema, ...errors },
        },
      },
      async (request) => service.updateClass(signedInUser(request).userId, request.params.id, request.body),
    );

    app.get(
      '/api/classes/:id/deletion',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          response: { 200: classDeletionImpactSchema, ...errors },
        },
      },
      async (request) => service.deletionImpact(signedInUser(request).userId, request.params.id),
    );

    app.delete(
      '/api/classes/:id',
      {
        preValidation: app.authenticate,
        schema: { tags: ['classes'], params: classParams, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await service.deleteClass(signedInUser(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/classes/:id/school-pupils',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          response: { 200: schoolPupilListSchema, ...errors },
        },
      },
      async (request) => service.listSchoolPupils(signedInUser(request).userId, request.params.id),
    );

    app.post(
      '/api/classes/:id/school-pupils',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          body: addSchoolPupilsRequestSchema,
          response: {
            200: z.object({ added: z.number().int(), class: classDetailSchema }),
            ...errors,
          },
        },
      },
      async (request) =>
        service.addSchoolPupils(signedInUser(request).userId, request.params.id, request.body),
    );

    app.get(
      '/api/classes/:id/teachers',
      {
        preValidation: app.authenticate,
        schema: { tags: ['classes'], params: classParams, response: { 200: classTeachersSchema, ...errors } },
      },
      async (request) => service.listTeachers(signedInUser(request).userId, request.params.id),
    );

    app.post(
      '/api/classes/:id/teachers',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          body: addClassTeacherRequestSchema,
          response: { 200: classTeachersSchema, ...errors },
        },
      },
      async (request) => service.addTeacher(signedInUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/classes/:id/teachers/:userId',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams.extend({ userId: z.string().min(1) }),
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.removeTeacher(signedInUser(request).userId, request.params.id, request.params.userId);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/classes/:id/students',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams,
          body: addStudentsRequestSchema,
          response: {
            200: z.object({ added: z.number().int(), class: classDetailSchema }),
            ...errors,
          },
        },
      },
      async (request) => service.addStudents(signedInUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/classes/:id/students/:studentId',
      {
        preValidation: app.authenticate,
        schema: {
          tags: ['classes'],
          params: classParams.extend({ studentId: z.uuid() }),
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await service.removeStudent(
          signedInUser(request).userId,
          request.params.id,
          request.params.studentId,
        );
        return { ok: true as const };
      },
    );
  };
