// Moved to components/structure; this re-export serves PaperEdit.tsx until its rework imports it
// from there (issue 25 §3).
export { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
