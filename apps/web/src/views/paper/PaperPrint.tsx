/** Being built (issue 11). */
export default function PaperPrint() {
  return null;
}
