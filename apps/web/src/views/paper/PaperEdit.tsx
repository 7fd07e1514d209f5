/** Being built (issue 11). */
export default function PaperEdit() {
  return null;
}
