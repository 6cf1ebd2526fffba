// Sign-in, sign-up and /auth screens, and the password reset and e-mail confirmation screens.
import Auth from "./Auth.tsx";
import ForgotPassword from "./ForgotPassword.tsx";
import ResetPassword from "./ResetPassword.tsx";
import SignIn from "./SignIn.tsx";
import SignUp from "./SignUp.tsx";

export const pages = { Auth, ForgotPassword, ResetPassword, SignIn, SignUp };
