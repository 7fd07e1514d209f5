import type { Messages } from '../../types';

const profile: Messages['profile'] = {
  account: 'Cuenta',
  username: 'Usuario',
  nickName: 'Nombre visible',
  email: 'Correo electrónico',
  roles: 'Roles',
  userType: 'Tipo de usuario',
  className: 'Convocatoria de inscripción',
  departmentName: 'Categoría profesional',
  endDate: 'Válido hasta',
  empty: '—',
  defaultPassword: {
    title: 'Sigue usando la contraseña predeterminada',
    text: 'Elija abajo una contraseña propia para proteger su cuenta.',
  },
  password: {
    title: 'Cambiar contraseña',
    hint: 'Tras el cambio se cerrarán todas sus sesiones y deberá iniciar sesión con la nueva contraseña.',
    old: 'Contraseña actual',
    new: 'Nueva contraseña',
    confirm: 'Confirme la nueva contraseña',
    oldRequired: 'Introduzca su contraseña actual',
    newRequired: 'Introduzca una nueva contraseña',
    newTooShort: 'La nueva contraseña debe tener al menos {{min}} caracteres',
    newSameAsOld: 'La nueva contraseña debe ser distinta de la actual',
    confirmRequired: 'Vuelva a introducir la nueva contraseña',
    confirmMismatch: 'Las dos contraseñas nuevas no coinciden',
    submit: 'Cambiar contraseña',
    success: 'Su contraseña se ha cambiado. Inicie sesión de nuevo con la nueva contraseña.',
  },
};
export default profile;
