import type { Messages } from '../../types';

const login: Messages['login'] = {
  title: 'Iniciar sesión',
  subtitle: 'Exámenes en línea de certificación de competencias profesionales',
  username: 'Usuario',
  usernamePlaceholder: 'Usuario, n.º de inscripción al examen o n.º de documento de identidad',
  password: 'Contraseña',
  captcha: 'Código de verificación',
  captchaRefresh: '¿No se lee bien? Haga clic para ver otra imagen',
  userType: 'Acceder como',
  userTypes: { admin: 'Administrador', teacher: 'Profesor / corrector', student: 'Candidato' },
  submit: 'Iniciar sesión',
  usernameRequired: 'Introduzca su nombre de usuario',
  passwordRequired: 'Introduzca su contraseña',
  captchaRequired: 'Introduzca el código de verificación',
  capsLock: 'Bloq Mayús está activado',
  showPassword: 'Mostrar contraseña',
  defaultPasswordTitle: 'Cambie su contraseña',
  defaultPasswordText:
    'Sigue usando la contraseña predeterminada. Elija ahora una propia para proteger su cuenta.',
  changeNow: 'Cambiar ahora',
  later: 'Más tarde',
  mustChangeTitle: 'Elija su propia contraseña',
  mustChangeText:
    'Ha iniciado sesión con su contraseña inicial, que figura en su pase de examen. Elija su propia contraseña antes de continuar y luego inicie sesión con ella.',
  passwordChanged: 'Su contraseña se ha cambiado. Inicie sesión con la nueva contraseña.',
  problems: {
    credentials:
      'El usuario o la contraseña no son correctos, o la cuenta no puede iniciar sesión con el perfil elegido arriba (o está desactivada o caducada).',
    captcha: 'El código de verificación es incorrecto o ha caducado; introduzca el nuevo.',
    locked:
      'Demasiados intentos fallidos. Espere 15 minutos e inténtelo de nuevo, o consulte a un administrador.',
  },
};
export default login;
