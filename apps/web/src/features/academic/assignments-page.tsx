// Placeholder until the page lands; replaced by its feature's owner.
export default function AssignmentsPage() {
  return null;
}
