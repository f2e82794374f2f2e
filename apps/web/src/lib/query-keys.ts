/**
 * Every TanStack Query key of the web app, in one place. A key names what the cache entry holds; keys that
 * start alike are invalidated together (invalidating `analyses.detail(id)` also refreshes its status).
 */
export const queryKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
  profile: ['profile'] as const,
  privacy: {
    latestExport: ['privacy', 'export'] as const,
    deletionInfo: ['privacy', 'deletion'] as const,
  },
  updates: ['updates'] as const,
  dashboard: ['dashboard'] as const,
  history: {
    all: ['history'] as const,
    /** one page of the history popup, as searched and filtered */
    page: (query: { search: string; subject: string; page: number }) => ['history', query] as const,
    /** the dashboard's 'show all' list, page after page */
    everything: ['history', 'all'] as const,
  },
  analyses: {
    /** GET /api/analyses/:id: read by the analyse screen, the result view and the history alike */
    detail: (id: string) => ['analyses', id] as const,
    status: (id: string) => ['analyses', id, 'status'] as const,
    /** the uploaded files of a waiting analysis, drawn beside its transcription */
    files: (id: string) => ['analyses', id, 'files'] as const,
    /** the trail of an analysis; `version` changes with every logged change or release, so it is read anew */
    audit: (id: string, version: string) => ['analyses', id, 'audit', version] as const,
  },
  /** GET /api/tests/:userId: the test creator's list and the analyse screen's answer keys */
  savedTests: (userId: string) => ['tests', userId] as const,
  /** the classes screen: every write there invalidates `all`, so lists, stat cards and details agree */
  classes: {
    all: ['classes'] as const,
    schools: () => ['classes', 'schools'] as const,
    list: () => ['classes', 'list'] as const,
    detail: (classId: string) => ['classes', 'detail', classId] as const,
    deletion: (classId: string) => ['classes', 'deletion', classId] as const,
    /** a class's teachers and the school's teachers who may join it */
    teachers: (classId: string) => ['classes', 'teachers', classId] as const,
    /** the school's pupils of other classes, offered to a class */
    schoolPupils: (classId: string) => ['classes', 'school-pupils', classId] as const,
    courses: () => ['classes', 'courses'] as const,
    /** a course's assignments, exams and materials (course details modal); under `all` like the rest */
    courseWork: (courseId: string) => ['classes', 'course-work', courseId] as const,
    assignments: (courseId: string) => ['classes', 'course-work', courseId, 'assignments'] as const,
    exams: (courseId: string) => ['classes', 'course-work', courseId, 'exams'] as const,
    materials: (courseId: string) => ['classes', 'course-work', courseId, 'materials'] as const,
    courseDeletion: (courseId: string) => ['classes', 'courses', courseId, 'deletion'] as const,
    courseMemberOptions: (courseId: string) => ['classes', 'courses', courseId, 'member-options'] as const,
  },
  /** invitations (issue 15 §1, §3): accepting one also refreshes `classes.all` and `myClasses` */
  invitations: {
    all: ['invitations'] as const,
    list: () => ['invitations', 'list'] as const,
    preview: (code: string) => ['invitations', 'preview', code] as const,
    details: (code: string) => ['invitations', 'details', code] as const,
  },
  /** class sets (issue 16): the detail is refetched at every event of its stream, and with it its parts */
  classEvaluations: {
    all: ['class-evaluations'] as const,
    list: () => ['class-evaluations', 'list'] as const,
    detail: (id: string) => ['class-evaluations', id] as const,
    questions: (id: string) => ['class-evaluations', id, 'questions'] as const,
    overview: (id: string) => ['class-evaluations', id, 'overview'] as const,
  },
  /** the student's 'Mein Lernprofil' (issue 17 §2): courses, grades, upcoming exams; a grade's detail */
  learningProfile: {
    all: ['learning-profile'] as const,
    overview: () => ['learning-profile', 'overview'] as const,
    grade: (analysisId: string) => ['learning-profile', 'grade', analysisId] as const,
  },
  /** Pro Team (issue 20 point 3): every team write invalidates `all` (the team, its library, a preview) */
  team: {
    all: ['team'] as const,
    mine: () => ['team', 'mine'] as const,
    library: () => ['team', 'library'] as const,
    test: (testId: string) => ['team', 'library', testId] as const,
    invitation: (token: string) => ['team', 'invitation', token] as const,
  },
  /** the LMS connections (issue 35 §2): the tool's values, the teacher's registrations, the grade deliveries */
  lti: {
    all: ['lti'] as const,
    tool: () => ['lti', 'tool'] as const,
    registrations: () => ['lti', 'registrations'] as const,
    deepLinking: (token: string) => ['lti', 'deep-linking', token] as const,
    /** how far a class set's or an analysis's released results reached the LMS gradebook */
    deliveries: (id?: string) =>
      id ? (['lti', 'deliveries', id] as const) : (['lti', 'deliveries'] as const),
  },
  /** the student ID for Premium Student (issue 20 point 4): the student's own and the reviewers' list */
  studentId: {
    all: ['student-id'] as const,
    mine: () => ['student-id', 'mine'] as const,
    reviews: () => ['student-id', 'reviews'] as const,
  },
  /** GET /api/my-classes: the student's own classes and courses */
  myClasses: ['my-classes'] as const,
  /** GET /api/learning-assistant: finishing a practice or a new self-check refreshes it (stats, areas) */
  learningAssistant: {
    all: ['learning-assistant'] as const,
    overview: () => ['learning-assistant', 'overview'] as const,
  },
  /** the teacher's lesson plans (issue 18 point 3): every write invalidates `all`, the course details' list too */
  lessonPlans: {
    all: ['lesson-plans'] as const,
    list: () => ['lesson-plans', 'list'] as const,
    detail: (id: string) => ['lesson-plans', 'detail', id] as const,
    templates: () => ['lesson-plans', 'templates'] as const,
    ofCourse: (courseId: string) => ['lesson-plans', 'course', courseId] as const,
  },
  /** the teacher's analytics (issue 18): the overview per filter, the question analysis per test */
  analytics: {
    all: ['analytics'] as const,
    overview: (query: { timeframe: string; classId?: string; courseId?: string }) =>
      ['analytics', 'overview', query] as const,
    questions: (query: { timeframe: string; classId?: string; courseId?: string }, testId: string) =>
      ['analytics', 'questions', query, testId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (type: string, priority: string) => ['notifications', type, priority] as const,
  },
} as const;
