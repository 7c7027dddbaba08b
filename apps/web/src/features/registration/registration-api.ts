import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  Bank,
  CloseSignResponse,
  DocumentDeleted,
  DocumentRecord,
  FileColumn,
  FileUploadResponse,
  IdentificationType,
  PaymentMode,
  PersonRecord,
  RegistrationState,
} from '@portal/contract';
import { api } from '../../lib/api';
import { queryKeys, setSignedIn } from '../../lib/session';
import { upload } from '../../lib/upload';

export const registrationKeys = {
  record: ['registration', 'record'] as const,
  state: ['registration', 'state'] as const,
  documents: (personId: number) => ['registration', 'documents', personId] as const,
  reference: (name: string) => ['reference', name] as const,
};

/** The signed-in person's own record with every profile field (and CHILDREN), fresh from the server. */
export const fetchOwnRecord = () => api<PersonRecord>('/api/auth/session');
export const fetchRegistrationState = () => api<RegistrationState>('/api/students/registration');

/** PATCH one section; `path` is the section, or `identification_passport` for the passport variant. */
export const saveSection = (path: string, body: Record<string, unknown>) => api<PersonRecord>(`/api/students/update/${path}`, { method: 'PATCH', body });

export const closeRegistration = () => api<CloseSignResponse>('/api/students/close-sign', { method: 'POST', body: {} });

/** A file into one of the record's file columns; the CV has its own path (PDF only). */
export function uploadColumnFile(col: FileColumn, file: File, onProgress: (percent: number) => void): Promise<FileUploadResponse> {
  return col === 'CV_LINK'
    ? upload<FileUploadResponse>('/api/students/cv', { fields: { FILE: file }, onProgress })
    : upload<FileUploadResponse>('/api/students/files', { fields: { col, FILE: file }, onProgress });
}

export const removeColumnFile = (col: FileColumn) => api<PersonRecord | undefined>('/api/students/files/remove', { method: 'PATCH', body: { col } });

export const fetchDocuments = (personId: number) => api<DocumentRecord[]>(`/api/documents/${personId}`);

/** A diploma or piece: its fields (DocumentFields, already checked) and the file. */
export function uploadDocument(fields: Record<string, string>, file: File, onProgress: (percent: number) => void): Promise<DocumentRecord> {
  return upload<DocumentRecord>('/api/documents/upload-student', { fields: { ...fields, FILE: file }, onProgress });
}

export const deleteDocument = (id: number) => api<DocumentDeleted>('/api/documents/delete', { method: 'POST', body: { id } });
export const markLastDiploma = (id: number) => api<DocumentRecord>('/api/students/update/diploma', { method: 'PATCH', body: { id } });

/** The record the wizard shows. */
export function useOwnRecord() {
  return useQuery({ queryKey: registrationKeys.record, queryFn: fetchOwnRecord, staleTime: 0 });
}

export function useRegistrationState() {
  return useQuery({ queryKey: registrationKeys.state, queryFn: fetchRegistrationState, staleTime: 0 });
}

export function useDocuments(personId: number) {
  return useQuery({ queryKey: registrationKeys.documents(personId), queryFn: () => fetchDocuments(personId) });
}

/** A saved record replaces the wizard's copy and the session's (the menus show the name). */
export function storeRecord(queryClient: QueryClient, record: PersonRecord): void {
  queryClient.setQueryData(registrationKeys.record, record);
  setSignedIn(queryClient, record);
}

/** Changes a few fields of the cached record (a file uploaded or removed) before the server's copy comes back. */
export function patchRecord(queryClient: QueryClient, changes: Partial<PersonRecord>): void {
  const record = queryClient.getQueryData<PersonRecord>(registrationKeys.record);
  if (record) storeRecord(queryClient, { ...record, ...changes });
}

export async function refreshRegistration(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: registrationKeys.state }),
    queryClient.invalidateQueries({ queryKey: registrationKeys.record }),
  ]);
}

/** Reference lists change only with a release: fetched once per visit. */
function useReference<T>(name: string, path: string) {
  return useQuery({ queryKey: registrationKeys.reference(name), queryFn: () => api<T[]>(path), staleTime: Infinity, gcTime: Infinity });
}

export const useIdentificationTypes = () => useReference<IdentificationType>('identification-types', '/api/identifications-types');
export const usePaymentModes = () => useReference<PaymentMode>('payment-modes', '/api/payments-modes');
export const useBanks = () => useReference<Bank>('banks', '/api/banks');

export { queryKeys };
/** The countries, cached once for the whole app (the HR dossier and the profile name them too). */
export { useCountries } from '../../lib/country';
