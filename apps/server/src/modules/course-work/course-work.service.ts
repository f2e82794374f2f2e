import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  courseWorkLimits,
  courseWorkMessages,
  createAssignmentRequestSchema,
  createExamRequestSchema,
  createMaterialRequestSchema,
  updateAssignmentRequestSchema,
  updateExamRequestSchema,
  updateMaterialRequestSchema,
  type Assignment,
  type CreateAssignmentRequest,
  type CreateExamRequest,
  type CreateMaterialRequest,
  type Exam,
  type Material,
  type UpdateAssignmentRequest,
  type UpdateExamRequest,
  type UpdateMaterialRequest,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { looksLikeText } from '../analysis/analysis.service';
import type { CourseWorkRepository, NewFileRow } from './course-work.repository';

/** A file as it arrived: bytes plus the name the uploader gave it. */
export type UploadedFile = { name: string; data: Buffer };

const docxMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The type of a material file by its content (spec 001 §5: .pdf .doc .docx .jpg .png .txt .zip); the name
 * and the declared type are not trusted. DOCX is a ZIP that file-type recognises by its parts; any other
 * ZIP-based format (xlsx, odt, jar, …) is refused, as is every other OLE file than one read as .doc.
 */
export async function materialMimeByContent(data: Buffer): Promise<string | null> {
  if (data.length === 0) return null;
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return looksLikeText(data) ? 'text/plain' : null;
  switch (detected.mime) {
    case 'application/pdf':
    case 'image/png':
    case 'image/jpeg':
    case 'application/zip':
      return detected.mime;
    case docxMime:
      return docxMime;
    // the OLE compound file (D0 CF 11 E0) of Word 97–2003; file-type names no finer type
    case 'application/x-cfb':
      return 'application/msword';
    default:
      return null;
  }
}

/** A file name as we keep it for the download: no path, no control characters, not overly long. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const cleaned = printable.trim().slice(0, 200);
  return cleaned || 'datei';
}

const tooMany = () => new AppError('validation', courseWorkMessages.tooManyFiles);
const tooLarge = () => new AppError('payload_too_large', courseWorkMessages.fileTooLarge);

/**
 * A course's assignments, exams and materials (spec 001 §2–§5, issue 15 §5). The course's teachers read and
 * write; its participants read and download (a write is 403); for anyone else the course is not found (404).
 */
export function createCourseWorkService(deps: {
  repository: CourseWorkRepository;
  storage: Storage;
  log: FastifyBaseLogger;
}) {
  const { repository, storage, log } = deps;

  async function requireReader(userId: string, courseId: string) {
    const role = await repository.courseRole(userId, courseId);
    if (!role) throw notFound();
    return role;
  }

  async function requireTeacher(userId: string, courseId: string) {
    if ((await requireReader(userId, courseId)) !== 'teacher') throw forbidden();
  }

  async function requireMaterial(courseId: string, materialId: string): Promise<Material> {
    const [material] = await repository.listMaterials(courseId, materialId);
    if (!material) throw notFound();
    return material;
  }

  function removeStored(keys: string[]) {
    return Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => {
          // the row is gone; a file left behind is only disk space, so the answer is still a success
          log.warn({ err: error, key }, 'could not delete a file of a course material');
        }),
      ),
    );
  }

  type CheckedFile = { name: string; data: Buffer; mimeType: string };

  /** Count, size and type by content of every file, before any is stored; `kept`: the material's files now. */
  async function checkFiles(files: UploadedFile[], kept: number): Promise<CheckedFile[]> {
    if (files.length === 0) throw new AppError('validation', courseWorkMessages.noFilesSent);
    if (files.length > courseWorkLimits.maxFiles) throw tooMany();
    if (kept + files.length > courseWorkLimits.maxFilesPerMaterial) throw tooMany();
    const checked: CheckedFile[] = [];
    for (const file of files) {
      if (file.data.length > courseWorkLimits.maxFileBytes) throw tooLarge();
      const name = cleanFileName(file.name);
      const mimeType = await materialMimeByContent(file.data);
      if (!mimeType) throw new AppError('validation', courseWorkMessages.unsupportedFile(name));
      checked.push({ name, data: file.data, mimeType });
    }
    return checked;
  }

  /**
   * Stores the files, then lets `write` save their rows; when the rows cannot be written, the stored files
   * are removed again.
   */
  async function storeFiles<T>(
    courseId: string,
    checked: CheckedFile[],
    write: (rows: NewFileRow[]) => Promise<T>,
  ): Promise<T> {
    const keys: string[] = [];
    try {
      // the key is random under the course; the user's file name stays in the row only
      for (const file of checked) keys.push(await storage.put(`course-materials/${courseId}`, file.data));
      return await write(
        checked.map((file, position) => ({
          storageKey: keys[position]!,
          originalName: file.name,
          mimeType: file.mimeType,
          sizeBytes: file.data.length,
        })),
      );
    } catch (error) {
      await removeStored(keys);
      throw error;
    }
  }

  return {
    /** The role check alone, for the upload route to run before it reads the body. */
    checkTeacher: requireTeacher,

    async listAssignments(userId: string, courseId: string): Promise<Assignment[]> {
      await requireReader(userId, courseId);
      return repository.listAssignments(courseId);
    },
    async createAssignment(userId: string, courseId: string, input: CreateAssignmentRequest) {
      const request = createAssignmentRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      return repository.createAssignment(courseId, userId, {
        ...request,
        dueDate: new Date(request.dueDate),
      });
    },
    async updateAssignment(userId: string, courseId: string, id: string, input: UpdateAssignmentRequest) {
      const { dueDate, ...changes } = updateAssignmentRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      const updated = await repository.updateAssignment(courseId, id, {
        ...changes,
        ...(dueDate === undefined ? {} : { dueDate: new Date(dueDate) }),
      });
      if (!updated) throw notFound();
      return updated;
    },
    async deleteAssignment(userId: string, courseId: string, id: string): Promise<void> {
      await requireTeacher(userId, courseId);
      if (!(await repository.deleteAssignment(courseId, id))) throw notFound();
    },

    async listExams(userId: string, courseId: string): Promise<Exam[]> {
      await requireReader(userId, courseId);
      return repository.listExams(courseId);
    },
    async createExam(userId: string, courseId: string, input: CreateExamRequest) {
      const request = createExamRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      return repository.createExam(courseId, userId, request);
    },
    async updateExam(userId: string, courseId: string, id: string, input: UpdateExamRequest) {
      const changes = updateExamRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      const updated = await repository.updateExam(courseId, id, changes);
      if (!updated) throw notFound();
      return updated;
    },
    async deleteExam(userId: string, courseId: string, id: string): Promise<void> {
      await requireTeacher(userId, courseId);
      if (!(await repository.deleteExam(courseId, id))) throw notFound();
    },

    async listMaterials(userId: string, courseId: string): Promise<Material[]> {
      await requireReader(userId, courseId);
      return repository.listMaterials(courseId);
    },
    async createMaterial(userId: string, courseId: string, input: CreateMaterialRequest) {
      const request = createMaterialRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      const id = await repository.createMaterial(courseId, userId, request);
      return requireMaterial(courseId, id);
    },
    async updateMaterial(userId: string, courseId: string, id: string, input: UpdateMaterialRequest) {
      const changes = updateMaterialRequestSchema.parse(input);
      await requireTeacher(userId, courseId);
      if (!(await repository.updateMaterial(courseId, id, changes))) throw notFound();
      return requireMaterial(courseId, id);
    },
    /** Deletes the material, then its files from storage. */
    async deleteMaterial(userId: string, courseId: string, id: string): Promise<void> {
      await requireTeacher(userId, courseId);
      const keys = await repository.deleteMaterial(courseId, id);
      if (!keys) throw notFound();
      await removeStored(keys);
    },

    /**
     * A new material together with its files (issue 34: a failed upload left an empty material): the fields
     * and every file are checked first, the files stored, then the material and its file rows are written in
     * one transaction. Whatever fails, no material is left, and no stored file either.
     */
    async createMaterialWithFiles(
      userId: string,
      courseId: string,
      fields: Record<string, unknown>,
      files: UploadedFile[],
    ): Promise<Material> {
      await requireTeacher(userId, courseId);
      const parsed = createMaterialRequestSchema.safeParse(fields);
      if (!parsed.success) {
        const problems: Record<string, string> = {};
        for (const issue of parsed.error.issues) problems[issue.path.join('.') || '_'] ??= issue.message;
        throw new AppError('validation', Object.values(problems)[0]!, { fields: problems });
      }
      const checked = await checkFiles(files, 0);
      const id = await storeFiles(courseId, checked, (rows) =>
        repository.createMaterialWithFiles(courseId, userId, parsed.data, rows),
      );
      return requireMaterial(courseId, id);
    },

    /**
     * Adds uploaded files to a material: every file is checked (count, size, type by content) before the
     * first is stored, and stored files whose rows could not be written are removed again.
     */
    async addFiles(userId: string, courseId: string, id: string, files: UploadedFile[]) {
      await requireTeacher(userId, courseId);
      await requireMaterial(courseId, id);
      const checked = await checkFiles(files, await repository.countFiles(id));
      await storeFiles(courseId, checked, (rows) => repository.addFiles(id, rows));
      return requireMaterial(courseId, id);
    },

    async deleteFile(userId: string, courseId: string, id: string, fileId: string): Promise<Material> {
      await requireTeacher(userId, courseId);
      const file = await repository.findFile(courseId, id, fileId);
      if (!file || !(await repository.deleteFile(id, fileId))) throw notFound();
      await removeStored([file.storageKey]);
      return requireMaterial(courseId, id);
    },

    /** A material file for the course's teachers and participants. */
    async file(userId: string, courseId: string, id: string, fileId: string) {
      await requireReader(userId, courseId);
      const file = await repository.findFile(courseId, id, fileId);
      const data = file ? await storage.get(file.storageKey) : null;
      if (!file || !data) throw notFound();
      return { data, name: file.originalName, mimeType: file.mimeType };
    },
  };
}

export type CourseWorkService = ReturnType<typeof createCourseWorkService>;
