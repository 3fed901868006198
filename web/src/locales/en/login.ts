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
};
