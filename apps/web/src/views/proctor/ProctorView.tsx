// Scaffold: the screen is being built; until then it shows what ComingSoon shows.
export { default } from '../placeholder/ComingSoon';
