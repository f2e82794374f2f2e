import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Assignment, Exam, Material } from '@korrigo/domain';
import { courseAssignments, courseExams, courseMaterialFiles, courseMaterials } from '../../db/schema';
import type { Database } from '../../platform/db';
import { courseRole } from '../courses/courses.repository';

type AssignmentRow = typeof courseAssignments.$inferSelect;
type ExamRow = typeof courseExams.$inferSelect;
type MaterialRow = typeof courseMaterials.$inferSelect;
type FileRow = typeof courseMaterialFiles.$inferSelect;

type AssignmentValues = Omit<typeof courseAssignments.$inferInsert, 'id' | 'courseId' | 'createdBy'>;
type ExamValues = Omit<typeof courseExams.$inferInsert, 'id' | 'courseId' | 'createdBy'>;
type MaterialValues = Omit<typeof courseMaterials.$inferInsert, 'id' | 'courseId' | 'createdBy'>;
/** A material file's row as the upload writes it. */
export type NewFileRow = Pick<FileRow, 'storageKey' | 'originalName' | 'mimeType' | 'sizeBytes'>;

/**
 * The SQL of a course's assignments, exams and materials. Every read and write names the course as well as
 * the row, so an id of another course finds nothing; who may touch the course is the service's check.
 */
export function createCourseWorkRepository(db: Database) {
  return {
    courseRole: (userId: string, courseId: string) => courseRole(db, userId, courseId),

    async listAssignments(courseId: string): Promise<Assignment[]> {
      const rows = await db
        .select()
        .from(courseAssignments)
        .where(eq(courseAssignments.courseId, courseId))
        .orderBy(asc(courseAssignments.dueDate), asc(courseAssignments.createdAt));
      return rows.map(toAssignment);
    },
    async createAssignment(courseId: string, createdBy: string, values: AssignmentValues) {
      const [row] = await db
        .insert(courseAssignments)
        .values({ ...values, courseId, createdBy })
        .returning();
      return toAssignment(row!);
    },
    async updateAssignment(courseId: string, id: string, changes: Partial<AssignmentValues>) {
      const [row] = await db
        .update(courseAssignments)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(courseAssignments.courseId, courseId), eq(courseAssignments.id, id)))
        .returning();
      return row ? toAssignment(row) : undefined;
    },
    async deleteAssignment(courseId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(courseAssignments)
        .where(and(eq(courseAssignments.courseId, courseId), eq(courseAssignments.id, id)))
        .returning({ id: courseAssignments.id });
      return rows.length > 0;
    },

    async listExams(courseId: string): Promise<Exam[]> {
      const rows = await db
        .select()
        .from(courseExams)
        .where(eq(courseExams.courseId, courseId))
        .orderBy(asc(courseExams.date), asc(courseExams.createdAt));
      return rows.map(toExam);
    },
    async createExam(courseId: string, createdBy: string, values: ExamValues) {
      const [row] = await db
        .insert(courseExams)
        .values({ ...values, courseId, createdBy })
        .returning();
      return toExam(row!);
    },
    async updateExam(courseId: string, id: string, changes: Partial<ExamValues>) {
      const [row] = await db
        .update(courseExams)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(courseExams.courseId, courseId), eq(courseExams.id, id)))
        .returning();
      return row ? toExam(row) : undefined;
    },
    async deleteExam(courseId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(courseExams)
        .where(and(eq(courseExams.courseId, courseId), eq(courseExams.id, id)))
        .returning({ id: courseExams.id });
      return rows.length > 0;
    },

    async listMaterials(courseId: string, materialId?: string): Promise<Material[]> {
      const rows = await db
        .select()
        .from(courseMaterials)
        .where(
          and(
            eq(courseMaterials.courseId, courseId),
            materialId ? eq(courseMaterials.id, materialId) : undefined,
          ),
        )
        .orderBy(asc(courseMaterials.createdAt));
      if (rows.length === 0) return [];
      const files = await db
        .select()
        .from(courseMaterialFiles)
        .where(
          inArray(
            courseMaterialFiles.materialId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(courseMaterialFiles.createdAt), asc(courseMaterialFiles.originalName));
      return rows.map((row) =>
        toMaterial(
          row,
          files.filter((file) => file.materialId === row.id),
        ),
      );
    },
    async createMaterial(courseId: string, createdBy: string, values: MaterialValues) {
      const [row] = await db
        .insert(courseMaterials)
        .values({ ...values, courseId, createdBy })
        .returning({ id: courseMaterials.id });
      return row!.id;
    },
    /** A new material and its files' rows in one transaction: never the one without the other. */
    async createMaterialWithFiles(
      courseId: string,
      createdBy: string,
      values: MaterialValues,
      files: NewFileRow[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(courseMaterials)
          .values({ ...values, courseId, createdBy })
          .returning({ id: courseMaterials.id });
        await tx.insert(courseMaterialFiles).values(files.map((file) => ({ ...file, materialId: row!.id })));
        return row!.id;
      });
    },
    async updateMaterial(courseId: string, id: string, changes: Partial<MaterialValues>) {
      const rows = await db
        .update(courseMaterials)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(courseMaterials.courseId, courseId), eq(courseMaterials.id, id)))
        .returning({ id: courseMaterials.id });
      return rows.length > 0;
    },
    /** Deletes the material (its file rows go with it) and answers the storage keys to remove, or null. */
    async deleteMaterial(courseId: string, id: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const keys = await tx
          .select({ key: courseMaterialFiles.storageKey })
          .from(courseMaterialFiles)
          .innerJoin(courseMaterials, eq(courseMaterials.id, courseMaterialFiles.materialId))
          .where(and(eq(courseMaterials.courseId, courseId), eq(courseMaterials.id, id)));
        const rows = await tx
          .delete(courseMaterials)
          .where(and(eq(courseMaterials.courseId, courseId), eq(courseMaterials.id, id)))
          .returning({ id: courseMaterials.id });
        return rows.length > 0 ? keys.map((row) => row.key) : null;
      });
    },
    async countFiles(materialId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(courseMaterialFiles)
        .where(eq(courseMaterialFiles.materialId, materialId));
      return row?.count ?? 0;
    },
    async addFiles(materialId: string, files: NewFileRow[]) {
      await db.transaction(async (tx) => {
        await tx.insert(courseMaterialFiles).values(files.map((file) => ({ ...file, materialId })));
        await tx
          .update(courseMaterials)
          .set({ updatedAt: sql`now()` })
          .where(eq(courseMaterials.id, materialId));
      });
    },
    async findFile(courseId: string, materialId: string, fileId: string): Promise<FileRow | undefined> {
      const [row] = await db
        .select({ file: courseMaterialFiles })
        .from(courseMaterialFiles)
        .innerJoin(courseMaterials, eq(courseMaterials.id, courseMaterialFiles.materialId))
        .where(
          and(
            eq(courseMaterials.courseId, courseId),
            eq(courseMaterials.id, materialId),
            eq(courseMaterialFiles.id, fileId),
          ),
        );
      return row?.file;
    },
    async deleteFile(materialId: string, fileId: string): Promise<boolean> {
      const rows = await db
        .delete(courseMaterialFiles)
        .where(and(eq(courseMaterialFiles.materialId, materialId), eq(courseMaterialFiles.id, fileId)))
        .returning({ id: courseMaterialFiles.id });
      return rows.length > 0;
    },
  };
}

function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate.toISOString(),
    points: row.points,
    status: row.status as Assignment['status'],
    text: row.text,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toExam(row: ExamRow): Exam {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    date: row.date,
    status: row.status as Exam['status'],
    topics: row.topics,
    learningObjectives: row.learningObjectives,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMaterial(row: MaterialRow, files: FileRow[]): Material {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    type: row.type,
    author: row.author,
    text: row.text,
    files: files.map((file) => ({
      id: file.id,
      name: file.originalName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      uploadedAt: file.createdAt.toISOString(),
    })),
    uploadDate: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type CourseWorkRepository = ReturnType<typeof createCourseWorkRepository>;
