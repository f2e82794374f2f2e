export { ENGINE_VERSION, gradeBuiltin } from './pipeline';
