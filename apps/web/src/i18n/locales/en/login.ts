export default {
  title: 'Sign in',
  subtitle: 'Online vocational skills certification exams',
  username: 'Username',
  usernamePlaceholder: 'Username, exam ticket or ID number',
  password: 'Password',
  captcha: 'Captcha',
  captchaRefresh: 'Click for a new image',
  userType: 'I am',
  userTypes: { admin: 'Administrator', teacher: 'Teacher / marker', student: 'Student' },
  submit: 'Sign in',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
  captchaRequired: 'Please enter the captcha',
  capsLock: 'Caps Lock is on',
  showPassword: 'Show password',
  defaultPasswordTitle: 'Please change your password',
  defaultPasswordText:
    'You are still using the default password. Choose your own now to keep your account safe.',
  changeNow: 'Change now',
  later: 'Later',
  mustChangeTitle: 'Choose your own password',
  mustChangeText:
    'You signed in with your initial password, which is printed on your admission ticket. Choose your own password before you go on: then sign in with it.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  problems: {
    credentials:
      'The username or password is wrong, or the account cannot sign in with the identity chosen above (or is disabled or expired).',
    captcha: 'The captcha is wrong or has expired; enter the new one.',
    locked: 'Too many failed attempts. Wait 15 minutes and try again, or ask an administrator.',
  },
} as const;
