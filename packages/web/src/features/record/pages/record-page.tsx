export function RecordPage() {
  return <div>Record</div>;
}
