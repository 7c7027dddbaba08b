// The call of the Classes page (issue 13): the signed-in student's class, its subjects and lecturers.
import { useQuery } from '@tanstack/react-query';
import type { StudentClass } from '@portal/contract';
import { api } from '../../lib/api';

export const STUDENT_CLASS_PATH = '/api/students/class';

export function useStudentClass() {
  return useQuery({
    queryKey: ['student-class'],
    queryFn: ({ signal }) => api<StudentClass>(STUDENT_CLASS_PATH, { signal }),
  });
}
