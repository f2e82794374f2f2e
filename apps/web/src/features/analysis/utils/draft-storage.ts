import type { AnalysisOptions } from '@korrigo/domain';
import { ANALYSE_DRAFT_DB } from '@/lib/storage';
import type { InputMethod } from './analysis-form';

export type AnalysisDraft = {
  method: InputMethod;
  title: string;
  studentName: string;
  text: string;
  selectedTestId: string | null;
  /** absent in drafts saved before the typed Erwartungshorizont existed */
  answerKeyText?: string;
  options: AnalysisOptions;
};

const FIELDS_KEY = 'korrigo.analyseDraft';
const DB_NAME = ANALYSE_DRAFT_DB;
const STORE = 'files';

function openDb(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const opening = openDb();
  if (!opening) return null;
  const db = await opening;
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

/**
 * Text and options go to localStorage; the files (Blobs) to IndexedDB, which stores them as they are.
 * Returns whether the files could be kept too.
 */
export async function saveDraft(draft: AnalysisDraft, files: File[]): Promise<{ filesKept: boolean }> {
  localStorage.setItem(FIELDS_KEY, JSON.stringify(draft));
  try {
    const stored = await withStore('readwrite', (store) => store.put(files, 'draft'));
    return { filesKept: stored !== null };
  } catch {
    return { filesKept: false };
  }
}

export async function loadDraft(): Promise<{ draft: AnalysisDraft; files: File[] } | null> {
  const raw = localStorage.getItem(FIELDS_KEY);
  if (!raw) return null;
  let draft: AnalysisDraft;
  try {
    draft = JSON.parse(raw) as AnalysisDraft;
  } catch {
    return null;
  }
  let files: File[] = [];
  try {
    const stored = await withStore<unknown>('readonly', (store) => store.get('draft'));
    if (Array.isArray(stored)) files = stored.filter((item): item is File => item instanceof Blob);
  } catch {
    files = [];
  }
  return { draft, files };
}

export async function clearDraft(): Promise<void> {
  localStorage.removeItem(FIELDS_KEY);
  try {
    await withStore('readwrite', (store) => store.delete('draft'));
  } catch {
    // nothing stored: nothing to clear
  }
}
