import codes from './codes';
import common from './common';
import dashboard from './dashboard';
import editor from './editor';
import editorTools from './editorTools';
import errorLog from './errorLog';
import errorPage from './errorPage';
import icons from './icons';
import layout from './layout';
import login from './login';
import profile from './profile';
import question from './question';
import paper from './paper';
import instruction from './instruction';
import paperPrint from './paperPrint';
import exam from './exam';
import myExams from './myExams';
import attemptPage from './attemptPage';
import marking from './marking';
import route from './route';
import search from './search';
import base from './base';
import school from './school';
import system from './system';
import verify from './verify';
import analysis from './analysis';
import itemAnalysis from './itemAnalysis';
import certificate from './certificate';
import proctor from './proctor';
import skills from './skills';
import skillAnalysis from './skillAnalysis';
import certification from './certification';
import examiner from './examiner';
import skillsCheck from './skillsCheck';
import venue from './venue';
import irregularity from './irregularity';
import accommodation from './accommodation';
import invigilate from './invigilate';
import seatPlanTransfer from './seatPlanTransfer';

export default {
  common,
  route,
  login,
  layout,
  errorPage,
  dashboard,
  system,
  profile,
  icons,
  errorLog,
  codes,
  search,
  school,
  base,
  question,
  paper,
  instruction,
  paperPrint,
  exam,
  myExams,
  attemptPage,
  marking,
  editor,
  editorTools,
  verify,
  analysis,
  itemAnalysis,
  certificate,
  proctor,
  skills,
  skillAnalysis,
  certification,
  examiner,
  skillsCheck,
  venue,
  irregularity,
  accommodation,
  invigilate,
  seatPlanTransfer,
};
