import type { Localized } from './languages.js';

/** Messages of signing in, roles, users and permissions. */
export const USERS_MESSAGES = {
  // Signing in
  tooManyFailedSignIns: {
    zh: '此账号从您的地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins for this account from your address; try again in {minutes} minute(s)',
    es: 'Demasiados intentos fallidos para esta cuenta desde su dirección; inténtelo de nuevo en {minutes} minuto(s)',
    ja: 'このアドレスからのこのアカウントへのログイン失敗が多すぎます。{minutes} 分後に再試行してください',
  },
  captchaExpired: {
    zh: '验证码已过期，请重新获取',
    en: 'the captcha has expired; load a new one',
    es: 'el código de verificación ha caducado; cargue uno nuevo',
    ja: '認証コードの有効期限が切れました。新しいものを読み込んでください',
  },
  captchaWrong: {
    zh: '验证码错误',
    en: 'the captcha code is wrong',
    es: 'el código de verificación es incorrecto',
    ja: '認証コードが間違っています',
  },
  wrongCredentials: {
    zh: '用户名或密码错误',
    en: 'the username or password is wrong',
    es: 'el nombre de usuario o la contraseña son incorrectos',
    ja: 'ユーザー名またはパスワードが間違っています',
  },
  tooManyFailedSignInsFromAddress: {
    zh: '您的地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins from your address; try again in {minutes} minute(s)',
    es: 'Demasiados inicios de sesión fallidos desde su dirección; inténtelo de nuevo en {minutes} minuto(s)',
    ja: 'このアドレスからのログイン失敗が多すぎます。{minutes} 分後に再試行してください',
  },

  // Roles
  cannotGrantUnheldKeys: {
    zh: '没有权限：不能授予您自己没有的权限：{keys}',
    en: 'Permission denied: you cannot grant what you do not hold yourself: {keys}',
    es: 'Permiso denegado: no puede conceder lo que usted mismo no tiene: {keys}',
    ja: '権限がありません：自分が持っていない権限は付与できません：{keys}',
  },
  ownRoleUnchangeable: {
    zh: '没有权限：角色 {key} 是您自己的角色，须由其他管理员修改',
    en: 'Permission denied: role {key} is one of your own roles; another administrator must change it',
    es: 'Permiso denegado: el rol {key} es uno de sus propios roles; debe cambiarlo otro administrador',
    ja: '権限がありません：ロール {key} はご自身のロールです。別の管理者が変更する必要があります',
  },
  roleGrantsUnheld: {
    zh: '没有权限：角色 {key} 含有您没有的权限 {keys}',
    en: 'Permission denied: role {key} grants {keys}, which you do not hold',
    es: 'Permiso denegado: el rol {key} concede {keys}, que usted no tiene',
    ja: '権限がありません：ロール {key} はあなたが持っていない {keys} を付与します',
  },
  userHoldsUnheld: {
    zh: '没有权限：用户 {name} 拥有您没有的权限 {keys}',
    en: 'Permission denied: user {name} holds {keys}, which you do not hold',
    es: 'Permiso denegado: el usuario {name} tiene {keys}, que usted no tiene',
    ja: '権限がありません：ユーザー {name} はあなたが持っていない {keys} を持っています',
  },
  roleKeyTaken: {
    zh: '角色标识 {key} 已存在',
    en: 'a role with key {key} exists',
    es: 'ya existe un rol con la clave {key}',
    ja: 'キー {key} のロールは既に存在します',
  },
  roleBuiltInKey: {
    zh: '{key} 是内置角色，其标识不能修改',
    en: '{key} is a built-in role; its key cannot change',
    es: '{key} es un rol integrado; su clave no puede cambiar',
    ja: '{key} は組み込みロールです。キーは変更できません',
  },
  roleBuiltInDelete: {
    zh: '{key} 是内置角色，不能删除',
    en: '{key} is a built-in role and cannot be deleted',
    es: '{key} es un rol integrado y no se puede eliminar',
    ja: '{key} は組み込みロールのため削除できません',
  },
  roleHeld: {
    zh: '角色“{name}”仍被 {count} 个用户持有，请先解除绑定',
    en: 'Role "{name}" is still held by {count} user(s); unbind them first',
    es: 'El rol "{name}" todavía lo tienen {count} usuario(s); desvincúlelos primero',
    ja: 'ロール「{name}」はまだ {count} 人のユーザーが持っています。先に解除してください',
  },
  superAdminPermissionsFixed: {
    zh: 'SUPER_ADMIN 拥有全部权限，其权限不能修改',
    en: 'SUPER_ADMIN holds every permission; its permissions cannot be changed',
    es: 'SUPER_ADMIN tiene todos los permisos; sus permisos no se pueden cambiar',
    ja: 'SUPER_ADMIN はすべての権限を持つため、権限は変更できません',
  },
  rolesNotYours: {
    zh: '没有权限：角色 {roles} 不属于您',
    en: 'Permission denied: roles {roles} are not yours',
    es: 'Permiso denegado: los roles {roles} no son suyos',
    ja: '権限がありません：ロール {roles} はあなたのものではありません',
  },

  // Users and permissions
  usernameTaken: {
    zh: '用户名“{name}”已被占用',
    en: 'the username "{name}" is taken',
    es: 'el nombre de usuario "{name}" ya está en uso',
    ja: 'ユーザー名「{name}」は既に使われています',
  },
  usernameReservedForTickets: {
    zh: 'KS 加数字形式的名称保留给准考证号',
    en: 'names of the form KS followed by digits are reserved for exam ticket numbers',
    es: 'los nombres con la forma KS seguida de dígitos están reservados para los números de boleto de examen',
    ja: 'KS に数字が続く形式の名前は受験番号用に予約されています',
  },
  firstAdminStaysAdmin: {
    zh: '第一位管理员必须保持管理员类型',
    en: 'the first administrator stays an administrator',
    es: 'el primer administrador sigue siendo administrador',
    ja: '最初の管理者は管理者のままです',
  },
  accountIsStudentStays: {
    zh: '此账号属于考生 {name}（{ticket}），其用户名为准考证号，且保持为考生账号',
    en: 'this account belongs to examinee {name} ({ticket}); its username is the exam ticket number and it stays a student account',
    es: 'esta cuenta pertenece al examinado {name} ({ticket}); su nombre de usuario es el número de boleto y sigue siendo una cuenta de candidato',
    ja: 'このアカウントは受験者 {name}（{ticket}）のものです。ユーザー名は受験番号で、受験者アカウントのままです',
  },
  accountIsStudentDelete: {
    zh: '此账号属于考生 {name}（{ticket}），请在考生管理中删除该考生',
    en: 'This account belongs to examinee {name} ({ticket}); delete the examinee in student management',
    es: 'Esta cuenta pertenece al examinado {name} ({ticket}); elimine al examinado en la gestión de candidatos',
    ja: 'このアカウントは受験者 {name}（{ticket}）のものです。受験者管理で受験者を削除してください',
  },
  firstAdminNotDeletable: {
    zh: '第一位管理员（用户 1）不能删除',
    en: 'The first administrator (user 1) cannot be deleted',
    es: 'El primer administrador (usuario 1) no se puede eliminar',
    ja: '最初の管理者（ユーザー 1）は削除できません',
  },
  cannotDeleteSelf: {
    zh: '不能删除自己的账号',
    en: 'You cannot delete your own account',
    es: 'No puede eliminar su propia cuenta',
    ja: '自分のアカウントは削除できません',
  },
  onlySuperAdminGrantsSuperAdmin: {
    zh: '只有 SUPER_ADMIN 可以授予角色 SUPER_ADMIN',
    en: 'Only a SUPER_ADMIN may grant the role SUPER_ADMIN',
    es: 'Solo un SUPER_ADMIN puede otorgar el rol SUPER_ADMIN',
    ja: 'ロール SUPER_ADMIN を付与できるのは SUPER_ADMIN だけです',
  },
  onlySuperAdminChangesSuperAdmin: {
    zh: '只有 SUPER_ADMIN 可以修改持有 SUPER_ADMIN 的用户',
    en: 'Only a SUPER_ADMIN may change a user who holds SUPER_ADMIN',
    es: 'Solo un SUPER_ADMIN puede cambiar a un usuario que tiene SUPER_ADMIN',
    ja: 'SUPER_ADMIN を持つユーザーを変更できるのは SUPER_ADMIN だけです',
  },
  cannotChangeOwnUserType: {
    zh: '不能修改自己的用户类型，请让另一位 SUPER_ADMIN 修改',
    en: 'You cannot change your own user type; ask another SUPER_ADMIN',
    es: 'No puede cambiar su propio tipo de usuario; pídaselo a otro SUPER_ADMIN',
    ja: '自分のユーザー種別は変更できません。別の SUPER_ADMIN に依頼してください',
  },
  cannotChangeOwnRoles: {
    zh: '不能修改自己的角色，请让另一位有权限的用户修改',
    en: 'You cannot change your own roles; ask another user who may',
    es: 'No puede cambiar sus propios roles; pídaselo a otro usuario autorizado',
    ja: '自分のロールは変更できません。権限のある別のユーザーに依頼してください',
  },
  onlySuperAdminSetsUserType: {
    zh: '只有 SUPER_ADMIN 可以设置用户类型（{userType}）',
    en: 'Only a SUPER_ADMIN may set the user type ({userType})',
    es: 'Solo un SUPER_ADMIN puede fijar el tipo de usuario ({userType})',
    ja: 'ユーザー種別（{userType}）を設定できるのは SUPER_ADMIN だけです',
  },
  lastSuperAdmin: {
    zh: '这是最后一位拥有 SUPER_ADMIN 角色的用户，请先把该角色授予其他用户',
    en: 'This is the last user with role SUPER_ADMIN; give the role to another user first',
    es: 'Este es el último usuario con el rol SUPER_ADMIN; otorgue el rol a otro usuario primero',
    ja: 'これはロール SUPER_ADMIN を持つ最後のユーザーです。先に別のユーザーにロールを付与してください',
  },
  changeInitialPasswordFirst: {
    zh: '请先修改初始密码，然后才能继续',
    en: 'Change your initial password first, then you can go on',
    es: 'Cambie primero su contraseña inicial; después podrá continuar',
    ja: '先に初期パスワードを変更してください。その後に続行できます',
  },
  currentPasswordWrong: {
    zh: '当前密码错误',
    en: 'the current password is wrong',
    es: 'la contraseña actual es incorrecta',
    ja: '現在のパスワードが間違っています',
  },
  notDefaultPassword: {
    zh: '不能使用默认密码',
    en: 'must not be the default password',
    es: 'no debe ser la contraseña predeterminada',
    ja: '初期パスワードは使用できません',
  },
  mustDifferFromOldPassword: {
    zh: '必须与旧密码不同',
    en: 'must differ from the old password',
    es: 'debe ser distinta de la contraseña anterior',
    ja: '古いパスワードと異なる必要があります',
  },
  permissionKeyTaken: {
    zh: '权限标识 {key} 已存在',
    en: 'a permission with key {key} exists',
    es: 'ya existe un permiso con la clave {key}',
    ja: 'キー {key} の権限は既に存在します',
  },
  permissionBuiltInKey: {
    zh: '{key} 是内置权限（系统会检查它），其标识不能修改',
    en: '{key} is built in (the product checks it); its key cannot change',
    es: '{key} está integrado (el producto lo comprueba); su clave no puede cambiar',
    ja: '{key} は組み込みの権限です（製品が確認します）。キーは変更できません',
  },
  permissionBuiltInDelete: {
    zh: '{key} 是内置权限（系统会检查它），不能删除',
    en: '{key} is built in (the product checks it) and cannot be deleted',
    es: '{key} está integrado (el producto lo comprueba) y no se puede eliminar',
    ja: '{key} は組み込みの権限です（製品が確認します）。削除できません',
  },
  permissionHasChildren: {
    zh: '权限 {key} 下还有 {count} 个子项',
    en: 'Permission {key} still has {count} child entries',
    es: 'El permiso {key} aún tiene {count} entradas hijas',
    ja: '権限 {key} にはまだ子項目が {count} 件あります',
  },
  permissionGrantedToRoles: {
    zh: '权限 {key} 仍被授予角色：{roles}',
    en: 'Permission {key} is still granted to roles: {roles}',
    es: 'El permiso {key} todavía está otorgado a los roles: {roles}',
    ja: '権限 {key} はまだ次のロールに付与されています：{roles}',
  },
  childrenCannotBeButton: {
    zh: '有子项的条目不能改为按钮',
    en: 'an entry with children cannot become a button',
    es: 'una entrada con hijos no puede convertirse en botón',
    ja: '子項目を持つ項目はボタンにできません',
  },
  entryBelowItself: {
    zh: '条目不能位于自身之下',
    en: 'an entry cannot sit below itself',
    es: 'una entrada no puede estar debajo de sí misma',
    ja: '項目を自分自身の下に置くことはできません',
  },
  buttonNoChildren: {
    zh: '按钮不能有子项',
    en: 'a button cannot have children',
    es: 'un botón no puede tener hijos',
    ja: 'ボタンは子項目を持てません',
  },
} as const satisfies Record<string, Localized>;
