/** Being built (issue 11). */
export default function InstructionManage() {
  return null;
}
