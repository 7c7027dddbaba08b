// A student's own file (issue 13, decision 37): read whole, saved section by section, and the uploads.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DocumentDeleted, StudentDocument, StudentFile } from '@portal/contract';
import type { StudentDocumentKind, StudentProfileSection } from '@portal/contract/rules';
import { api } from '../../lib/api';
import { upload } from '../../lib/upload';

export const studentFileKeys = {
  file: ['students', 'file'] as const,
};

/** The signed-in student's file (always their own: the server takes the person from the session). */
export function useStudentFile() {
  return useQuery({ queryKey: studentFileKeys.file, queryFn: ({ signal }) => api<StudentFile>('/api/students/profile', { signal }), staleTime: 0 });
}

/** Saves one section; the server answers the whole file. */
export const saveStudentSection = (section: StudentProfileSection, body: Record<string, unknown>) =>
  api<StudentFile>(`/api/students/profile/${section}`, { method: 'PATCH', body });

/** What an upload sends besides the file. */
export interface DocumentUploadFields {
  KIND: StudentDocumentKind;
  LABEL: string;
  YEAR: string;
}

/** A file of the student's own file, sent as a multipart form with its progress. */
export function uploadStudentDocument(fields: DocumentUploadFields, file: File, onProgress: (percent: number) => void): Promise<StudentDocument> {
  return upload<StudentDocument>('/api/students/documents', {
    fields: { KIND: fields.KIND, LABEL: fields.LABEL.trim() || null, YEAR: fields.KIND === 'DIPLOMA' ? fields.YEAR.trim() || null : null, FILE: file },
    onProgress,
  });
}

export const deleteStudentDocument = (id: number) => api<DocumentDeleted>(`/api/students/documents/${id}`, { method: 'DELETE' });

/** Changes the cached file's documents (an upload added or replaced one, a delete removed one). */
export function storeDocuments(queryClient: QueryClient, change: (documents: StudentDocument[]) => StudentDocument[]): void {
  const file = queryClient.getQueryData<StudentFile>(studentFileKeys.file);
  if (file) queryClient.setQueryData<StudentFile>(studentFileKeys.file, { ...file, documents: change(file.documents) });
}
