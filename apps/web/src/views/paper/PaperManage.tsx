/** Being built (issue 11). */
export default function PaperManage() {
  return null;
}
