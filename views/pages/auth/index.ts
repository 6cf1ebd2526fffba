// Sign-in, sign-up and /auth screens.
import Auth from "./Auth.tsx";
import SignIn from "./SignIn.tsx";
import SignUp from "./SignUp.tsx";

export const pages = { Auth, SignIn, SignUp };
