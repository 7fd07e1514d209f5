export { default } from '../placeholder/ComingSoon';
