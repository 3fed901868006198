/** The sign-in pages (/login and the mobile /mlogin). */
export default {
  form: {
    title: 'Login Form',
    subtitle: 'Sign in to monitor and manage your devices',
    username: 'User name',
    usernamePlaceholder: 'User name',
    password: 'Password',
    passwordPlaceholder: 'Password',
    submit: 'Login',
  },
  authRedirect: {
    forwarding: 'Taking you to your page…',
  },
  secondStep: {
    title: 'Two-factor sign-in',
    hint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Code',
    placeholder: '123456 or a recovery code',
    required: 'Enter a code.',
    submit: 'Verify',
    back: 'Back to sign-in',
  },
};
